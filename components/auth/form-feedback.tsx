// The survey forms still import the field messages from here; the one implementation is in
// components/forms.
export { FieldMessages as FieldError } from "@/components/forms/fields";
