const t0 = performance.now();
await import(process.argv[2]);
const t1 = performance.now();
const u = process.cpuUsage();
console.log(process.argv[2], 'import', (t1 - t0).toFixed(0), 'ms; cpu', ((u.user + u.system) / 1000).toFixed(0));
process.exit(0);
