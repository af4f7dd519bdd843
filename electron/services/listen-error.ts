/** Why a listener could not start, in the contract's codes and words for the user. */
export interface ListenProblem {
  code: 'port_in_use' | 'failed';
  message: string;
}

export function describeListenError(error: unknown, host: string, port: number): ListenProblem {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return {
      code: 'port_in_use',
      message: `Port ${port} is already in use by another program. Pick another port (or stop the program using it).`,
    };
  if (code === 'EACCES')
    return {
      code: 'failed',
      message: `Port ${port} needs administrator rights on this system. Pick a port above 1023.`,
    };
  if (code === 'EADDRNOTAVAIL')
    return {
      code: 'failed',
      message: `Cannot listen on ${host}: this machine has no such address.`,
    };
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'failed', message: `The gateway could not start on port ${port}: ${detail}` };
}
