import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../config/env';
import { createDatabase } from '../../db/client';
import { createMetrics } from '../../platform/metrics';
import { registerDatabaseGauges } from './metrics.gauges';

/**
 * The example alert rules and Grafana dashboard in deploy/ (issue 33) speak of metrics the product
 * has: every metric name they use is registered by the API's metrics. When `promtool` (Debian's
 * `prometheus` package; `.ci/run` unpacks it, or `PROMTOOL=/path/to/promtool`) is present, the rules
 * are also checked and unit-tested by Prometheus's own parser and rule engine, and the exposition is
 * linted by it.
 */
const DEPLOY = path.join(REPO_ROOT, 'deploy');
const RULES = path.join(DEPLOY, 'prometheus', 'alerts.yml');

/** The registry as a process builds it (the pool is never used: nothing is collected here). */
function registry() {
  const database = createDatabase('postgres://nobody@127.0.0.1:1/none', 1);
  const metrics = createMetrics(database);
  registerDatabaseGauges(metrics, database, 0);
  return { metrics, database };
}

/** Series names a metric exposes: itself, or for a histogram its `_bucket`, `_count` and `_sum`. */
function exposedNames(): Set<string> {
  const { metrics } = registry();
  const names = new Set<string>(['up']);
  for (const m of metrics.registry.getMetricsAsArray()) {
    const { name, type } = m as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
  }
  return names;
}

/** The metric names a PromQL expression uses (ours, Node's default ones, and `up`). */
const namesIn = (expr: string) =>
  [...expr.matchAll(/\b(?:liberty|process|nodejs)_[a-z0-9_]+\b|\bup\b(?=\{)/g)].map((m) => m[0]);

/** `promtool`'s path, or null when it is not installed. */
function promtool(): string | null {
  const candidate = process.env.PROMTOOL ?? 'promtool';
  return spawnSync(candidate, ['--version']).status === 0 ? candidate : null;
}

describe('deploy/prometheus/alerts.yml', () => {
  const rules = parse(fs.readFileSync(RULES, 'utf8')) as {
    groups: {
      name: string;
      rules: {
        alert: string;
        expr: string;
        labels: Record<string, string>;
        annotations: Record<string, string>;
      }[];
    }[];
  };
  const all = rules.groups.flatMap((g) => g.rules);

  it('alerts on what issue 33 names, each with a severity and a summary', () => {
    expect(all.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'LibertyEscrowDiffersFromHolds',
        'LibertyHigh5xxRate',
        'LibertySlowRequests',
        'LibertyJobsWaitingTooLong',
        'LibertyMailOutboxBacklog',
        'LibertyPayoutsWaitingForStaff',
        'LibertyDatabasePoolWaiting',
        'LibertyInstanceDown',
      ]),
    );
    for (const rule of all) {
      expect(['critical', 'warning', 'info'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it('uses only metric names the product exposes', () => {
    const exposed = exposedNames();
    const used = all.flatMap((r) => namesIn(r.expr));
    expect(used.length).toBeGreaterThan(all.length);
    expect(used.filter((n) => !exposed.has(n))).toEqual([]);
  });

  it.skipIf(promtool() === null)('passes promtool check rules and its unit tests (alerts.test.yml)', () => {
    const tool = promtool()!;
    const cwd = path.dirname(RULES);
    expect(execFileSync(tool, ['check', 'rules', 'alerts.yml'], { cwd, encoding: 'utf8' })).toMatch(
      /SUCCESS/,
    );
    expect(execFileSync(tool, ['test', 'rules', 'alerts.test.yml'], { cwd, encoding: 'utf8' })).toMatch(
      /SUCCESS/,
    );
  });
});

describe('deploy/grafana/dashboard.json', () => {
  const dashboard = JSON.parse(fs.readFileSync(path.join(DEPLOY, 'grafana', 'dashboard.json'), 'utf8')) as {
    uid: string;
    panels: { id: number; type: string; datasource?: unknown; targets?: { expr: string }[] }[];
  };

  it('is a dashboard of panels over the Prometheus data source variable, with unique ids', () => {
    expect(dashboard.uid).toBe('liberty-marketplace');
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThan(15);
    for (const p of graphs) {
      expect(p.datasource).toEqual({ type: 'prometheus', uid: `\${datasource}` });
      expect(p.targets?.length).toBeGreaterThan(0);
    }
  });

  it('graphs only metric names the product exposes, and every one of ours', () => {
    const exposed = exposedNames();
    const used = new Set(dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => namesIn(t.expr))));
    expect([...used].filter((n) => !exposed.has(n))).toEqual([]);
    const ours = [...exposed].filter((n) => n.startsWith('liberty_') && !/_(sum|count)$/.test(n));
    const shown = (n: string) => used.has(n) || used.has(`${n}_bucket`) || used.has(`${n}_count`);
    expect(ours.filter((n) => !shown(n) && !n.endsWith('_bucket'))).toEqual([]);
  });
});

describe('the exposition', () => {
  it('answers with the database unreachable: database up 0, its gauges left out, the rest there', async () => {
    const { metrics, database } = registry();
    metrics.observeRequest('GET', '/api/health/live', 200, 3);
    metrics.observeJob('mail.send', 'completed', 40);
    const text = await metrics.registry.metrics();
    await database.pool.end();
    expect(text).toMatch(/^liberty_metrics_database_up 0$/m);
    expect(text).not.toMatch(/^liberty_ledger_\w+(\{.*\})? /m);
    expect(text).toMatch(
      /^liberty_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(/^liberty_job_runs_total\{queue="mail.send",outcome="completed"\} 1$/m);
    const tool = promtool();
    if (tool) {
      // Prometheus's own lint of names, help texts and types, for ours (prom-client's default
      // `nodejs_active_*_total` gauges draw its "_total" remark; they are prom-client's names).
      const result = spawnSync(tool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
      const remarks = `${result.stderr}${result.stdout}`.split('\n').filter((l) => l.trim() !== '');
      expect(remarks.length).toBeLessThan(10);
      expect(remarks.filter((l) => !/^nodejs_\w+ /.test(l))).toEqual([]);
    }
  });
});
