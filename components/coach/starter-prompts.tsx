import { Bot, MessageSquareWarning, Scale, UserMinus, Users } from "lucide-react";

const STARTER_PROMPTS = [
  { icon: UserMinus, text: "How do I re-engage a team member who seems disengaged lately?" },
  { icon: MessageSquareWarning, text: "How should I give difficult feedback to someone on my team?" },
  { icon: Scale, text: "How can I delegate more without micromanaging?" },
  { icon: Users, text: "How do I handle a team member who is in conflict with a colleague?" },
] as const;

/** The empty thread: what Boss Bot is for, and four questions to start from. */
export function StarterPrompts({ onPick, disabled }: { onPick: (text: string) => void; disabled: boolean }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-2 py-8 text-center">
      <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Bot aria-hidden="true" className="size-6" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">How can I help you lead today?</h2>
      <p className="mt-1 text-sm text-slate-600">Ask about a situation with your team, or start from one of these.</p>
      <ul className="mt-6 grid w-full gap-2 sm:grid-cols-2">
        {STARTER_PROMPTS.map(({ icon: Icon, text }) => (
          <li key={text}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(text)}
              className="flex h-full w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left text-sm text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <span>{text}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
