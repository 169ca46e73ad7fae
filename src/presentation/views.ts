/**
 * settings.yaml's `views:`: the columns of a resource's list, in the order
 * given, each a built-in column (by its header or id, the `-o wide` ones too)
 * or `HEADER:.field`, and the order the list opens in (`sort: BUDGET:desc`,
 * a column of the list). What cannot be used is a problem, and that resource
 * keeps its columns as shipped, or opens in the service's order.
 */
import { createRegistry } from '../api/resources.js';
import { closestWord } from '../text/suggest.js';
import { fieldColumnOf } from './fieldColumn.js';
import type { SortOrder } from '../domain/listQuery.js';
import type { Column, ResourceView, ViewRegistry } from './resources.js';

export type ViewSettings = Readonly<Record<string, { columns?: readonly string[]; sort?: string } | undefined>>;

interface ViewProblem {
  path: string[];
  message: string;
}

/** The registry with the views applied, and what of them cannot be. */
export function withViews(
  registry: ViewRegistry,
  views: ViewSettings | undefined,
): { registry: ViewRegistry; sorts: Partial<Record<string, SortOrder>>; problems: ViewProblem[] } {
  const problems: ViewProblem[] = [];
  const replaced = new Map<string, readonly Column[]>();
  const sorts: Partial<Record<string, SortOrder>> = {};
  for (const [name, view] of Object.entries(views ?? {})) {
    const def = registry.resolve(name);
    if (!def) {
      const meant = closestWord(name, registry.names);
      problems.push({
        path: ['views', name],
        message: `no resource is called "${name}"${meant ? ` (did you mean "${meant}"?)` : ''}`,
      });
      continue;
    }
    const columns = view?.columns
      ? columnsOf(def, view.columns, (index, message) =>
          problems.push({ path: ['views', name, 'columns', String(index)], message }),
        )
      : undefined;
    if (columns) replaced.set(def.name, columns);
    if (view?.sort) {
      const sort = sortOf(def, columns ?? def.columns, view.sort);
      if ('problem' in sort) problems.push({ path: ['views', name, 'sort'], message: sort.problem });
      else sorts[def.name] = sort;
    }
  }
  if (replaced.size === 0) return { registry, sorts, problems };
  const defs = registry.defs.map((def): ResourceView => {
    const columns = replaced.get(def.name);
    return columns ? { ...def, columns } : def;
  });
  return { registry: createRegistry(defs), sorts, problems };
}

/** `BUDGET`, `budget:desc`: a column of the list (by header or id) and the way round. */
function sortOf(def: ResourceView, columns: readonly Column[], written: string): SortOrder | { problem: string } {
  const [name = '', way = 'asc'] = written.split(':');
  const column = columns.find((c) => c.header.toLowerCase() === name.toLowerCase() || c.id === name.toLowerCase());
  if (column) return { column: column.id, descending: way.toLowerCase() === 'desc' };
  const meant = closestWord(
    name.toUpperCase(),
    columns.map((c) => c.header),
  );
  return {
    problem: `"${name}" is not a column of the ${def.title} list${meant ? ` (did you mean "${meant}"?)` : ''}`,
  };
}

const sameHeader = (a: Column, b: Column): boolean => a.header.toLowerCase() === b.header.toLowerCase();

function columnsOf(
  def: ResourceView,
  wanted: readonly string[],
  problem: (index: number, message: string) => void,
): Column[] | undefined {
  const known = [...def.columns, ...(def.wideColumns ?? [])];
  const columns: Column[] = [];
  /** Where each column is in the list written (`views.slos.columns.2`). */
  const places: number[] = [];
  let ok = true;
  wanted.forEach((entry, index) => {
    const builtIn = known.find((c) => c.header.toLowerCase() === entry.toLowerCase() || c.id === entry.toLowerCase());
    const column = builtIn ?? fieldColumnOf(entry);
    if (!column) {
      ok = false;
      const meant = closestWord(
        entry.toUpperCase(),
        known.map((c) => c.header),
      );
      problem(
        index,
        `"${entry}" is neither a column of ${def.title} nor HEADER:.field${meant ? ` (did you mean "${meant}"?)` : ''}`,
      );
      return;
    }
    // One header a column: the list is sorted and searched by header, and drawn by column id.
    const twin = columns.findIndex((c) => c.id === column.id || sameHeader(c, column));
    if (twin >= 0) {
      ok = false;
      const first = `columns.${places[twin]}`;
      const same = columns[twin]!.id === column.id ? `is ${first} again` : `has the header of ${first}`;
      problem(index, `"${entry}" ${same}; give each column once, under a header of its own`);
      return;
    }
    columns.push(column);
    places.push(index);
  });
  return ok && columns.length > 0 ? columns : undefined;
}
