import { spawn } from 'node:child_process';

/**
 * Runs a benchmark module in a Node.js process of its own (its own heap and event loop, away
 * from the process that measures) and returns the JSON figures it prints as its last line.
 */
export function figuresFromChild<Figures>(
  module: string,
  options: unknown,
  what: string,
  nodeFlags: string[] = [],
): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', module, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Figures);
      else reject(new Error(`${what} exited (${code}): ${err.trim().split('\n').slice(-5).join(' ')}`));
    });
  });
}
