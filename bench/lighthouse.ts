// `npm run bench:lighthouse`: Lighthouse 12 (mobile, simulated throttling) on / and /blog against
// the built app in its own process, driving Debian's Chromium. Prints the performance score, LCP
// and the JavaScript sent for the page (gzip over the wire).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppServer } from "./bench-server";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PATHS = ["/", "/blog", "/blog/saying-sorry"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type Audit = { numericValue?: number; details?: { items?: Array<{ url?: string; transferSize?: number; resourceType?: string }> } };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const app = await startAppServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  console.log(`\nLighthouse 12 (mobile, simulated throttling), median of ${RUNS} runs, ${app.baseUrl}`);
  console.log("| page | performance | LCP | FCP | TBT | CLS | JS sent (gzip) |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const allRuns = new Map<string, { score: number; lcp: number }[]>();
  for (const path of PATHS) {
    const runs: { score: number; lcp: number; fcp: number; tbt: number; cls: number; js: number }[] = [];
    allRuns.set(path, runs);
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${app.baseUrl}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      const lhr = result!.lhr;
      const audit = (id: string) => lhr.audits[id] as Audit;
      const js = (audit("network-requests").details?.items ?? [])
        .filter((item) => item.resourceType === "Script")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: audit("largest-contentful-paint").numericValue ?? 0,
        fcp: audit("first-contentful-paint").numericValue ?? 0,
        tbt: audit("total-blocking-time").numericValue ?? 0,
        cls: audit("cumulative-layout-shift").numericValue ?? 0,
        js,
      });
    }
    const pick = (key: keyof (typeof runs)[number]) => median(runs.map((run) => run[key]));
    console.log(
      `| ${path} | ${pick("score")} | ${(pick("lcp") / 1000).toFixed(2)} s | ${(pick("fcp") / 1000).toFixed(2)} s | ${Math.round(pick("tbt"))} ms | ${pick("cls").toFixed(3)} | ${(pick("js") / 1024).toFixed(1)} KiB |`,
    );
  }
  for (const [path, runs] of allRuns) {
    console.log(`${path} each run: ${runs.map((run) => `${run.score} / ${(run.lcp / 1000).toFixed(2)} s`).join(", ")}`);
  }
  console.log("Targets: performance ≥ 95, LCP ≤ 2.5 s, JavaScript for / ≤ 150 KiB gzip.\n");
} finally {
  chrome.kill();
  await app.stop();
}
