/** One process's metrics in Prometheus text format, and the `service` label its samples get. */
export interface Exposition {
  service: string;
  text: string;
}

interface Family {
  help?: string;
  type?: string;
  samples: string[];
}

const META = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*)(?: (.*))?$/;
const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** `name{a="b"} 1` → `name{service="x",a="b"} 1`; `name 1` → `name{service="x"} 1`. */
function withService(line: string, name: string, service: string): string {
  const label = `service="${escapeLabel(service)}"`;
  const rest = line.slice(name.length);
  if (rest.startsWith('{}')) return `${name}{${label}}${rest.slice(2)}`;
  if (rest.startsWith('{')) return `${name}{${label},${rest.slice(1)}`;
  return `${name}{${label}}${rest}`;
}

/**
 * Joins several processes' metrics into one valid exposition: the text format allows each
 * metric family once, so families of the same name are merged (HELP and TYPE once, then every
 * process's samples), and each sample is labelled with the service it came from.
 */
export function mergeExpositions(sources: Exposition[]): string {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) {
      found = { samples: [] };
      families.set(name, found);
    }
    return found;
  };

  for (const { service, text } of sources) {
    let currentName: string | undefined;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      const meta = META.exec(line);
      if (meta) {
        const [, kind, name, value = ''] = meta;
        const target = family(name as string);
        if (kind === 'HELP') target.help ??= value;
        else target.type ??= value;
        currentName = name;
        continue;
      }
      if (line.startsWith('#')) continue;
      const name = NAME.exec(line)?.[0];
      if (!name) continue;
      // Histogram and summary samples (`_bucket`, `_sum`, `_count`) belong to the family above them.
      const owner = currentName && (name === currentName || name.startsWith(`${currentName}_`)) ? currentName : name;
      family(owner).samples.push(withService(line, name, service));
    }
  }

  const lines: string[] = [];
  for (const [name, { help, type, samples }] of families) {
    if (help !== undefined) lines.push(`# HELP ${name} ${help}`);
    if (type !== undefined) lines.push(`# TYPE ${name} ${type}`);
    lines.push(...samples);
  }
  return `${lines.join('\n')}\n`;
}
