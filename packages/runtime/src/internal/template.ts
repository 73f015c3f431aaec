/** Fills `{name}` placeholders; `encode` applies to each substituted value (path segments). */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
  encode: (value: string) => string = (v) => v,
): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : encode(String(value));
  });
}

export function templateNames(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}
