/** The port `npm start` and `npm run dev` listen on, from PORT (scripts/port.ts). */
import { expect, test } from 'vitest';
import { portOf } from '../../scripts/port.ts';

test("PORT, or the command's own port when it is not set", () => {
  expect(portOf('8890', 8888, 'npm start')).toEqual({ port: 8890 });
  expect(portOf(undefined, 4321, 'npm run dev')).toEqual({ port: 4321 });
});

test('anything but a TCP port number is refused with an example of the command', () => {
  for (const value of ['', 'abc', '4321x', '-1', '1', '65536', '123456'])
    expect(portOf(value, 4321, 'npm run dev')).toEqual({
      error: `PORT must be a TCP port number (got "${value}"). Example: PORT=4323 npm run dev`,
    });
  expect(portOf('x', 8888, 'npm start')).toEqual({
    error: 'PORT must be a TCP port number (got "x"). Example: PORT=8890 npm start',
  });
});
