// Reads a V8 .cpuprofile (from `npm run bench -- --profile`, in bench/.data/profiles) and prints
// where the time went: self time by function and by package or source folder.
//   npx tsx scripts/bench/profile-summary.ts bench/.data/profiles/<file>.cpuprofile [top=25]
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

// Self time per node: each sample's delta goes to the node that was on top of the stack.
const self = new Map<number, number>();
profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...self.values()].reduce((sum, value) => sum + value, 0);

function area(url: string): string {
  if (!url) return '(native / V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const build = /\/build\/(.*)\/[^/]+$/.exec(url);
  return build ? build[1] : url;
}

const functions = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id)!;
  const name = `${callFrame.functionName || '(anonyme)'}  ${area(callFrame.url)}:${callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
  areas.set(area(callFrame.url), (areas.get(area(callFrame.url)) ?? 0) + time);
}

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${(time / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  }
};
// Inclusive time: each sample counts once for every distinct function on its stack (callers included).
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const frameName = (id: number) => {
  const { callFrame } = byId.get(id)!;
  return `${callFrame.functionName || '(anonyme)'}  ${area(callFrame.url)}:${callFrame.lineNumber + 1}`;
};
const inclusive = new Map<string, number>();
for (const [id, time] of self) {
  const seen = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) seen.add(frameName(node));
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + time);
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('Temps propre par paquet ou dossier', areas);
print('Temps propre par fonction', functions);
print('Temps inclusif par fonction (elle et ce qu’elle appelle)', inclusive);
