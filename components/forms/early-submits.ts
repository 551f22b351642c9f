/**
 * Forms pressed before the page's JavaScript has run.
 *
 * Our forms submit through a React onSubmit handler and have no `action`: before hydration the
 * browser would post them to the page itself, which answers with the same page and empty fields
 * (a quick Enter on a slow phone, a password manager's fill-and-submit, a sign-in straight after
 * the reset page hands over to it). EARLY_SUBMITS_SCRIPT, inline at the top of every page, holds
 * such a submit instead; once React has hydrated, the app marks the page ready and submits each
 * held form again, through its handler, with what was typed (useFormFields takes the values the
 * fields got before hydration). This is what React does itself for `<form action={fn}>`, which
 * our forms do not use (React resets such a form after its action).
 *
 * A form with an `action` attribute (a server action's fallback, React's own replay) is left to
 * the browser and React.
 */

type Held = [form: HTMLFormElement, submitter: HTMLElement | null];
type EarlyWindow = Window & { __pwReady?: boolean; __pwHeld?: Held[] };

/** Runs before any form is parsed; kept small, it is in every page's HTML. */
export const EARLY_SUBMITS_SCRIPT =
  'self.__pwHeld=[];addEventListener("submit",function(e){var f=e.target;' +
  'if(self.__pwReady||!(f instanceof HTMLFormElement)||f.hasAttribute("action"))return;' +
  "e.preventDefault();e.stopImmediatePropagation();self.__pwHeld.push([f,e.submitter||null])},true)";

/** Whether React has hydrated the page (false while the first render's effects run). */
export function pageHydrated(): boolean {
  return (window as EarlyWindow).__pwReady === true;
}

/**
 * Called once from the root's layout effect, after every form's own: the page is ready, and the
 * held forms are submitted again once the values they took at hydration have rendered. A form
 * pressed twice is submitted once.
 */
export function markHydratedAndReplay(): void {
  const w = window as EarlyWindow;
  w.__pwReady = true;
  const held = w.__pwHeld?.splice(0) ?? [];
  const last = new Map(held);
  if (last.size === 0) return;
  setTimeout(() => {
    for (const [form, submitter] of last) {
      if (!form.isConnected) continue;
      const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
      form.requestSubmit(
        button && button.isConnected && button.form === form && button.type === "submit" ? button : undefined,
      );
    }
  }, 0);
}
