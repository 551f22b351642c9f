import { WordmarkText } from "@/components/site/site-wordmark";
import { colourOn, LOGO_BACKGROUNDS, LOGO_COLOURS } from "@/components/site/logo-swatches";
import { cn } from "@/lib/utils/cn";

/** Every colour of the wordmark on every background, one labelled tile each, grouped by background. */
export function LogoGrid({ productName }: { productName: string }) {
  return (
    <div className="space-y-12">
      {LOGO_BACKGROUNDS.map((bg) => (
        <section key={bg.id} aria-labelledby={`logos-${bg.id}`}>
          <h2 id={`logos-${bg.id}`} className="text-lg font-semibold text-slate-900">
            On {bg.label.toLowerCase()} backgrounds
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
            {LOGO_COLOURS.map((colour) => (
              <li key={colour.id}>
                <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                  <div className={cn("flex h-32 items-center justify-center rounded-t-xl", bg.className)}>
                    <WordmarkText
                      productName={productName}
                      className={cn("text-3xl sm:text-4xl", colourOn(colour, bg.id))}
                    />
                  </div>
                  <figcaption className="flex items-center justify-between px-4 py-2.5 text-sm">
                    <span className="font-medium text-slate-900">{colour.label}</span>
                    <span className="text-slate-600">on {bg.label.toLowerCase()}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
