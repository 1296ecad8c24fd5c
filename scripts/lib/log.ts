// Console output of the developer-facing scripts (start, seed, e2e runner): one short line per
// step, prefixed with the script's name. Colours only on a terminal.
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

const paint = (code: string) => (text: string) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : text);
export const colour = {
  dim: paint('2'),
  bold: paint('1'),
  red: paint('31'),
  green: paint('32'),
  yellow: paint('33'),
  blue: paint('34'),
  magenta: paint('35'),
  cyan: paint('36'),
};

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(name: string): Logger {
  const prefix = colour.dim(`[${name}]`);
  return {
    info: (message) => console.log(`${prefix} ${message}`),
    warn: (message) => console.warn(`${prefix} ${colour.yellow(message)}`),
    error: (message) => console.error(`${prefix} ${colour.red(message)}`),
  };
}
