/**
 * The lines an SLO's details open with: its error budget (one line, with the
 * equivalent-full-outage wording), the alert tiers, the burn calculator's
 * answer when a question was typed (`b`), and the budget ladder. Built from the
 * domain's view models; everything here is plain text for the detail view.
 */
import type { ApiRecord } from '../../api/record.js';
import { answerBurnQuestion, budgetCard, budgetLadder, tierRows, type LadderRow } from '../../domain/budgetViews.js';
import { budgetOf, type Budget } from '../../domain/sloMath.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { fit, truncate, wrap } from '../../text/width.js';
import type { DetailLine } from './detailLines.js';

const BAR = '█';
const LADDER_LABEL = 9;

function tierTable(budget: Budget, width: number): DetailLine[] {
  const rows = tierRows(budget);
  const cells = [
    ['SEVERITY', 'WINDOWS', 'BUDGET', 'BURN', 'FIRES AT'],
    ...rows.map((r) => [r.severity, r.windows, r.share, r.burn, r.firesAt]),
  ];
  const widths = cells[0]!.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    truncate(row.map((cell, c) => (c === row.length - 1 ? cell : fit(cell, widths[c]!))).join('  '), width);
  return [
    { text: line(cells[0]!), tone: 'heading' },
    ...rows.map((r, i) => ({ text: line(cells[i + 1]!), tone: r.reachable ? undefined : ('dim' as const) })),
  ];
}

function ladderLines(rows: readonly LadderRow[], width: number): DetailLine[] {
  return rows.map((r) => {
    const label = fit(`${r.own ? '▶ ' : '  '}${r.targetPercent} %`, LADDER_LABEL);
    const tail = `  ${r.duration}${r.own ? '  ◀ this SLO' : ''}`;
    return { text: truncate(`${label} ${BAR.repeat(r.bar)}${tail}`, width), tone: r.own ? 'note' : undefined };
  });
}

function burnLines(budget: Budget, question: string, width: number): DetailLine[] {
  const answer = answerBurnQuestion(budget, question);
  const heading: DetailLine = {
    text: truncate(`Burn calculator: ${sanitizeLine(question.trim())}`, width),
    tone: 'heading',
  };
  if (!answer.ok) return [heading, ...wrap(answer.reason, width).map((text) => ({ text, tone: 'dim' as const }))];
  const lines: DetailLine[] = [heading, ...answer.lines.flatMap((l) => wrap(l, width)).map((text) => ({ text }))];
  if (answer.kind === 'error-rate') {
    for (const t of answer.tiers) {
      lines.push({
        text: truncate(
          `  ${fit(t.severity, 6)}  ${fit(t.windows, 6)}  at ${fit(t.burn, 6)}  ${t.fires ? 'fires' : 'does not fire'}`,
          width,
        ),
        tone: t.fires ? 'note' : 'dim',
      });
    }
  }
  return lines;
}

/** The card for an SLO record; `question` is what the burn calculator was given ('' for none). */
export function sloCardLines(record: ApiRecord, now: Date, width: number, question: string): DetailLine[] {
  const result = budgetOf(record, now);
  if (!result.ok) {
    return [
      { text: 'Error budget', tone: 'heading' },
      ...wrap(`No budget: ${result.field}: ${sanitizeLine(result.reason)}.`, width).map((text) => ({
        text,
        tone: 'dim' as const,
      })),
      { text: '' },
    ];
  }
  const { budget } = result;
  const card = budgetCard(budget);
  const ladder = budgetLadder(record, now, Math.max(4, Math.min(40, width - LADDER_LABEL - 26)));
  return [
    { text: 'Error budget', tone: 'heading' },
    ...wrap(sanitizeLine(card.headline), width).map((text) => ({ text })),
    ...wrap(card.note, width).map((text) => ({ text, tone: 'dim' as const })),
    ...card.assumptions
      .flatMap((a) => wrap(`Assumed: ${sanitizeLine(a)}.`, width))
      .map((text) => ({ text, tone: 'dim' as const })),
    ...(question.trim()
      ? [{ text: '' }, ...burnLines(budget, question, width).map((l) => ({ ...l, inView: true }))]
      : []),
    { text: '' },
    { text: 'Alert tiers (multiwindow burn rates, SRE workbook)', tone: 'heading' },
    ...tierTable(budget, width),
    ...(ladder
      ? [
          { text: '' },
          {
            text: `Budget at other targets over ${sanitizeLine(budget.window.label)} (log scale)`,
            tone: 'heading' as const,
          },
          ...ladderLines(ladder, width),
        ]
      : []),
    { text: '' },
  ];
}
