import { describe, expect, it } from "vitest";
import {
  appendItem,
  initialKeys,
  keyedPath,
  LIST_PATHS,
  keysAfter,
  leafPaths,
  moveItem,
  pathWhenSent,
  removeItem,
  valueAt,
  withValueAt,
} from "@/components/forms/field-lists";
import { fieldMessages, formAlert, schemaMessages, withRules, type FormView } from "@/components/forms/form-messages";
import { templateInputSchema } from "@/lib/one-on-one/default-templates";
import { customSurveySchema } from "@/lib/surveys/custom-schemas";
import { CORRECT_FIELDS } from "@/lib/actions/form-state";
import { z } from "zod";

// List fields of useFormFields (components/forms/field-lists.ts and the message rules for them),
// with the real schemas of the two forms that have lists: the 1:1 template's questions (strings)
// and a custom survey's questions (objects).

type Template = { name: string; description: string; templateQuestions: string[] };
const template = (questions: string[]): Template => ({ name: "Weekly", description: "", templateQuestions: questions });

describe("values by path", () => {
  const v = {
    title: "T",
    questions: [
      { text: "a", isRequired: true },
      { text: "b", isRequired: false },
    ],
  };

  it("reads a field, a list, an item and an item's field", () => {
    expect(valueAt(v, "title")).toBe("T");
    expect(valueAt(v, "questions.1")).toEqual({ text: "b", isRequired: false });
    expect(valueAt(v, "questions.1.text")).toBe("b");
    expect(valueAt(v, "questions.5.text")).toBeUndefined();
    expect(valueAt(v, "title.0")).toBeUndefined();
  });

  it("writes one item's field and leaves the others (and the old values) alone", () => {
    const next = withValueAt(v, "questions.1.isRequired", true);
    expect(next.questions[1]).toEqual({ text: "b", isRequired: true });
    expect(next.questions[0]).toBe(v.questions[0]);
    expect(v.questions[1]!.isRequired).toBe(false);
    expect(withValueAt(template(["x", "y"]), "templateQuestions.0", "z").templateQuestions).toEqual(["z", "y"]);
    // An item that is not there is not made up.
    expect(withValueAt(v, "questions.7.text", "c")).toBe(v);
  });

  it("lists every control's path", () => {
    expect(leafPaths(v)).toEqual([
      "title",
      "questions",
      "questions.0.text",
      "questions.0.isRequired",
      "questions.1.text",
      "questions.1.isRequired",
    ]);
    expect(leafPaths(template(["a"]))).toEqual(["name", "description", "templateQuestions", "templateQuestions.0"]);
  });
});

describe("stable keys", () => {
  it("start as the indexes (the same on the server and in the browser) and follow each operation", () => {
    const { keys, next } = initialKeys(template(["a", "b", "c"]));
    expect(keys).toEqual({ templateQuestions: ["0", "1", "2"] });
    expect(next).toBe(3);
    const appended = keysAfter(keys, "templateQuestions", { append: "3" });
    expect(appended.templateQuestions).toEqual(["0", "1", "2", "3"]);
    expect(keysAfter(appended, "templateQuestions", { remove: 1 }).templateQuestions).toEqual(["0", "2", "3"]);
    expect(keysAfter(appended, "templateQuestions", { move: [3, 0] }).templateQuestions).toEqual(["3", "0", "1", "2"]);
    expect(keysAfter(appended, "templateQuestions", { replace: ["9"] }).templateQuestions).toEqual(["9"]);
  });

  it("values move with their keys", () => {
    const v = template(["a", "b", "c"]);
    expect(moveItem(v, "templateQuestions", 2, 0).templateQuestions).toEqual(["c", "a", "b"]);
    expect(removeItem(v, "templateQuestions", 0).templateQuestions).toEqual(["b", "c"]);
    expect(appendItem(v, "templateQuestions", "d").templateQuestions).toEqual(["a", "b", "c", "d"]);
    // Out of range: nothing moves.
    expect(moveItem(v, "templateQuestions", 0, 3).templateQuestions).toEqual(["a", "b", "c"]);
  });

  it("name an item's path by key, and find where it was when an answer was sent", () => {
    const sent = { templateQuestions: ["0", "1", "2"] };
    const now = { templateQuestions: ["2", "0", "1", "5"] };
    expect(keyedPath("templateQuestions.0", now)).toBe("templateQuestions.#2");
    expect(keyedPath("questions.1.text", { questions: ["4", "7"] })).toBe("questions.#7.text");
    expect(keyedPath("name", now)).toBe("name");
    expect(pathWhenSent("templateQuestions.0", now, sent)).toBe("templateQuestions.2");
    expect(pathWhenSent("templateQuestions.3", now, sent)).toBeNull();
    expect(pathWhenSent("name", now, sent)).toBe("name");
  });
});

/** The template dialog's view after a submit that the server answered. */
function templateView(over: Partial<FormView<Template>> & { values: Template }): FormView<Template> {
  return {
    fields: ["name", "description", "templateQuestions"],
    client: schemaMessages(templateInputSchema, over.values),
    touched: {},
    submitted: false,
    answer: null,
    keys: initialKeys(over.values).keys,
    paths: LIST_PATHS,
    ...over,
  };
}

describe("messages of list items", () => {
  it("the schema's message for an item shows under that item once it was left or a submit tried", () => {
    const values = template(["Wins?", ""]);
    const quiet = templateView({ values });
    expect(fieldMessages(quiet, "templateQuestions.1")).toEqual([]);
    const left = templateView({ values, touched: { "templateQuestions.#1": true } });
    expect(fieldMessages(left, "templateQuestions.1").length).toBe(1);
    expect(fieldMessages(left, "templateQuestions.0")).toEqual([]);
    const submitted = templateView({ values, submitted: true });
    expect(fieldMessages(submitted, "templateQuestions.1")).toEqual(fieldMessages(left, "templateQuestions.1"));
  });

  it("'touched' stays with the item when it moves", () => {
    const values = template(["", "Wins?"]);
    // The empty question (key 1) was left, then moved to the top.
    const view = templateView({
      values,
      keys: { templateQuestions: ["1", "0"] },
      touched: { "templateQuestions.#1": true },
    });
    expect(fieldMessages(view, "templateQuestions.0").length).toBe(1);
    expect(fieldMessages(view, "templateQuestions.1")).toEqual([]);
  });

  it("a server's word about an item follows it when it moves, and goes when it is edited", () => {
    const sent = template(["Wins?", "Blockers?"]);
    const state = {
      status: "error" as const,
      message: "Invalid request body",
      fields: { "templateQuestions.1": ["This question is already in the template"] },
    };
    const answer = { state, sent, sentKeys: { templateQuestions: ["0", "1"] } };
    const moved = templateView({
      values: template(["Blockers?", "Wins?"]),
      keys: { templateQuestions: ["1", "0"] },
      answer,
    });
    expect(fieldMessages(moved, "templateQuestions.0")).toEqual(["This question is already in the template"]);
    expect(fieldMessages(moved, "templateQuestions.1")).toEqual([]);
    expect(formAlert(moved)).toEqual({ tone: "error", lines: [CORRECT_FIELDS] });

    const edited = templateView({
      values: template(["Blockers now?", "Wins?"]),
      keys: { templateQuestions: ["1", "0"] },
      answer,
    });
    expect(fieldMessages(edited, "templateQuestions.0")).toEqual([]);
    // No field shows the server's word any more: the summary goes too.
    expect(formAlert(edited)).toBeNull();
  });

  it("an item added after the answer has no server word, and a removed one's is not said elsewhere", () => {
    const sent = template(["", "Wins?"]);
    const answer = {
      state: { status: "error" as const, fields: { "templateQuestions.0": ["Question is required"] } },
      sent,
      sentKeys: { templateQuestions: ["0", "1"] },
    };
    const view = templateView({
      values: template(["Wins?", ""]),
      keys: { templateQuestions: ["1", "2"] },
      answer,
    });
    expect(fieldMessages(view, "templateQuestions.1")).toEqual([]);
    expect(formAlert(view)).toBeNull();
  });

  it("an object item's fields are addressed by path, with the survey's question schema", () => {
    const schema = customSurveySchema.pick({ questions: true });
    const values = {
      questions: [
        { type: "scale", text: "Fine", isRequired: true },
        { type: "text", text: " ", isRequired: false },
      ],
    };
    const client = schemaMessages(schema, values);
    expect(Object.keys(client)).toEqual(["questions.1.text"]);
    expect(schemaMessages(schema, { questions: [] })).toEqual({ questions: ["Add at least one question"] });
  });
});

describe("a form's own rules beside the schema", () => {
  const schema = z.object({ at: z.string().min(1, "Wire format message") });
  const rules = withRules(schema, (input) => {
    const at = (input as { at: string }).at;
    if (!at) return [{ path: ["at"], message: "Choose a date and time" }];
    return at < "2026" ? [{ path: ["at"], message: "Choose a time in the future" }] : [];
  });

  it("replaces the schema's message for the same path, adds to a passing schema, passes otherwise", () => {
    expect(schemaMessages(rules, { at: "" })).toEqual({ at: ["Choose a date and time"] });
    expect(schemaMessages(rules, { at: "2025-01-01" })).toEqual({ at: ["Choose a time in the future"] });
    expect(rules.safeParse({ at: "2027-01-01" })).toEqual({ success: true, data: { at: "2027-01-01" } });
  });
});
