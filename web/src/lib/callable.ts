import { appCheckReady } from './appCheck';

/**
 * Calls a callable Cloud Function. firebase/functions is fetched on the first call (cart merge at
 * sign-in), so shoppers who only browse never download it.
 */
export async function callFunction<Request, Response>(name: string, data: Request, options?: { timeout?: number }): Promise<Response> {
  const [{ functions, httpsCallable }] = await Promise.all([import('./functionsClient'), appCheckReady]);
  const result = await httpsCallable<Request, Response>(functions, name, options)(data);
  return result.data;
}
