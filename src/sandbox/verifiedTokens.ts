/**
 * Tokens already verified, remembered until they expire, so a client sending
 * the same token at every request costs one HMAC rather than one a request.
 * Only tokens that passed are kept (with their expiry); one past its expiry is
 * checked again, and refused as expired. The map is bounded: past the limit,
 * the oldest entry goes.
 */
import { verifyToken, type TokenCheck } from './jwt.js';

/** Distinct valid tokens remembered; a sandbox sees a handful. */
const MAX_REMEMBERED_TOKENS = 1_000;

export class VerifiedTokens {
  /** token -> its claims' check, while unexpired. */
  private readonly passed = new Map<string, Extract<TokenCheck, { ok: true }>>();

  constructor(
    private readonly secret: Buffer,
    private readonly max = MAX_REMEMBERED_TOKENS,
  ) {}

  /** How many are remembered. */
  get size(): number {
    return this.passed.size;
  }

  check(token: string, nowSeconds: number): TokenCheck {
    const known = this.passed.get(token);
    if (known !== undefined) {
      if (known.claims.exp > nowSeconds) return known;
      this.passed.delete(token);
    }
    const check = verifyToken(this.secret, token, nowSeconds);
    if (check.ok) {
      this.passed.set(token, check);
      if (this.passed.size > this.max) this.passed.delete(this.passed.keys().next().value!);
    }
    return check;
  }
}
