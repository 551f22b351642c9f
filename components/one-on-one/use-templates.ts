"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { DEFAULT_TEMPLATES, type TemplateInput } from "@/lib/one-on-one/default-templates";
import type { TemplateDto } from "@/lib/one-on-one/dto";
import { oneOnOneKeys } from "@/components/one-on-one/use-meetings";

/** The organisation's 1:1 agenda templates (every role reads them: the schedule form lists them). */
export function useTemplates() {
  return useQuery({
    queryKey: oneOnOneKeys.templates(),
    queryFn: ({ signal }) => apiFetch<TemplateDto[]>("/api/one-on-one-templates", { signal }),
  });
}

/** Whether some of our default templates are not in the list (by their stable key), so 'Add
 * Default Templates' still has something to add. */
export function missingDefaults(templates: readonly Pick<TemplateDto, "key">[]): number {
  const have = new Set(templates.map((t) => t.key).filter(Boolean));
  return DEFAULT_TEMPLATES.filter((d) => !have.has(d.key)).length;
}

export function useTemplateMutations(orgId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: oneOnOneKeys.templates() });
  const seed = useMutation({
    mutationFn: () =>
      apiFetch<{ created: number; templates: TemplateDto[] }>(`/api/organizations/${orgId}/seed-templates`, {
        method: "POST",
      }),
    onSuccess: refresh,
  });
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TemplateInput }) =>
      apiFetch<TemplateDto>(id ? `/api/one-on-one-templates/${id}` : "/api/one-on-one-templates", {
        method: id ? "PUT" : "POST",
        body: input,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/one-on-one-templates/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  return { seed, save, remove };
}
