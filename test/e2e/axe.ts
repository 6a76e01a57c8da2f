/**
 * axe-core in the e2e suite: load its source into the page, run the WCAG 2.2 A and AA rules (the
 * 24 px target size among them) and axe's best practices on the whole document, and fail on any violation of impact serious or critical, with a list a person can act on
 * (rule, impact, the offending elements' selectors, what to do).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const FAILING: ImpactValue[] = ['serious', 'critical'];

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices that already held before. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** A violation that is known and owned elsewhere: this rule on exactly this element (axe's target selector). */
export type KnownViolation = { rule: string; target: string; why: string };

declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<AxeResults> };
  }
}

/** Every violation axe finds on the page as it is now, each node as its own entry. */
export async function axeViolations(page: Page): Promise<{ rule: string; impact: ImpactValue | null | undefined; target: string; help: string; helpUrl: string }[]> {
  // Mid-transition (a dialog fading in, a button turning enabled) axe reads half-way colours: wait
  // for finite transitions to end (a spinner's endless one never does, and is not waited for).
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length))
    .toBe(0);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self')
  // refuses page.addScriptTag's inline <script>, and rightly so.
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => window.axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    RULE_TAGS,
  );
  return results.violations.flatMap((violation: Result) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: node.impact ?? violation.impact,
      target: node.target.map(String).join(' >> '),
      help: violation.help,
      helpUrl: violation.helpUrl,
    })),
  );
}

/**
 * Fails when axe finds a serious or critical violation on the page, except the `known` rule and
 * target pairs. Answers the known ones it did find, so a caller can tell when one has been fixed.
 */
export async function expectNoSeriousA11yViolations(page: Page, { known = [] as KnownViolation[], label = page.url() } = {}) {
  const found = (await axeViolations(page)).filter((v) => v.impact && FAILING.includes(v.impact));
  const isKnown = (v: { rule: string; target: string }) => known.some((k) => k.rule === v.rule && k.target === v.target);
  const unexpected = found.filter((v) => !isKnown(v));
  const report = unexpected.map((v) => `  - [${v.impact}] ${v.rule} at ${v.target}\n    ${v.help} (${v.helpUrl})`).join('\n');
  expect(unexpected, `axe found ${unexpected.length} serious or critical violation(s) on ${label}:\n${report}`).toEqual([]);
  return found.filter(isKnown);
}
