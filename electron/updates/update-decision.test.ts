import { describe, expect, it } from 'vitest';
import { isOffered } from './update-decision.ts';

describe('which release is offered', () => {
  it('offers a newer version only', () => {
    expect(isOffered('1.2.0', '1.2.1')).toBe(true);
    expect(isOffered('1.2.0', '2.0.0')).toBe(true);
    expect(isOffered('1.2.0', '1.2.0')).toBe(false);
    expect(isOffered('1.2.0', '1.1.9')).toBe(false);
    expect(isOffered('1.10.0', '1.9.0')).toBe(false);
  });

  it('offers a prerelease only to an app that runs a prerelease', () => {
    expect(isOffered('1.2.0', '1.3.0-beta.1')).toBe(false);
    expect(isOffered('1.3.0-beta.1', '1.3.0-beta.2')).toBe(true);
    expect(isOffered('1.3.0-beta.2', '1.3.0')).toBe(true);
    expect(isOffered('1.3.0-beta.2', '1.3.0-beta.1')).toBe(false);
  });

  it('never replaces a build whose version is not a release’s', () => {
    expect(isOffered('unknown', '9.9.9')).toBe(false);
  });

  it('refuses a feed version that is not a version number, saying which', () => {
    expect(() => isOffered('1.2.0', 'latest')).toThrow(
      "The release feed’s version 'latest' is not a version number.",
    );
  });
});
