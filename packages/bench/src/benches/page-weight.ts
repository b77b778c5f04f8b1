import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_DIST, WEB_DIST } from '../lib/paths';
import { type BenchResult, heading, printCheck } from '../lib/report';
import { formatKb, formatReport, PAGE_WEIGHT_REPORT, type PageWeightReport } from '../page-weight/plugin';

/** Prints the page-weight reports the production builds wrote (the builds already failed when over budget). */
export function runPageWeight(): BenchResult {
  const result: BenchResult = { bench: 'Page weight', checks: [], notes: [] };
  heading('Page weight: initial JavaScript and CSS per page (gzip), from the production builds');
  for (const [app, dist] of [
    ['web', WEB_DIST],
    ['admin', ADMIN_DIST],
  ] as const) {
    const file = join(dist, PAGE_WEIGHT_REPORT);
    if (!existsSync(file)) {
      result.checks.push({
        name: `${app} build report`,
        value: `missing ${file}`,
        target: 'present',
        pass: false,
      });
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8')) as PageWeightReport;
    console.log(`  ${app}:`);
    console.log(formatReport(report));
    for (const line of formatReport(report).split('\n')) result.notes.push(`${app} ${line.trim()}`);
    const heaviest = report.pages.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
    result.checks.push({
      name: `${app}: heaviest page's initial JS (${heaviest.page})`,
      value: formatKb(heaviest.jsGzip),
      target: '<= 300.0 KB',
      pass: heaviest.jsGzip <= 300 * 1024,
    });
    const landing = report.pages.find((p) => p.page === '/');
    if (app === 'web' && landing) {
      result.checks.push({
        name: "web: landing page's initial JS",
        value: formatKb(landing.jsGzip),
        target: '<= 200.0 KB',
        pass: landing.jsGzip <= 200 * 1024,
      });
    }
    const leaks = report.pages.filter((p) => p.forbiddenModules.length > 0);
    result.checks.push({
      name: `${app}: public pages free of chart/admin code`,
      value: leaks.length === 0 ? 'none loaded' : leaks.map((p) => p.page).join(', '),
      target: 'none loaded',
      pass: leaks.length === 0,
    });
    if (report.failures.length > 0) result.notes.push(...report.failures);
  }
  for (const check of result.checks) printCheck(check);
  return result;
}
