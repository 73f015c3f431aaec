/**
 * Wraps an AuthProvider so every credential it ever puts on a request is registered with the
 * transport's redactor at that moment. Registering once at construction is not enough: application
 * tokens are fetched later and renewed during long waits, and a platform error body could echo one.
 */
import type { AuthProvider, Redactor } from '@switchyard/runtime';

export class RedactingAuth implements AuthProvider {
  readonly refresh?: AuthProvider['refresh'];

  constructor(
    private readonly inner: AuthProvider,
    private readonly redactor: Redactor,
  ) {
    redactor.add(...inner.secrets());
    const innerRefresh = inner.refresh?.bind(inner);
    if (innerRefresh) {
      this.refresh = async (tag, signal) => {
        const refreshed = await innerRefresh(tag, signal);
        this.redactor.add(...this.inner.secrets());
        return refreshed;
      };
    }
  }

  async apply(headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const tag = await this.inner.apply(headers, signal);
    this.redactor.add(...this.inner.secrets());
    return tag;
  }

  secrets(): string[] {
    return this.inner.secrets();
  }
}
