/** The spec's completion error: title 'Error' with the server's message. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">Error</p>
      <p>{message}</p>
    </div>
  );
}
