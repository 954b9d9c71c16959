// What the sessions list and the new-device mail call a device: browser and system read from the User-Agent.
export function describeDevice(userAgent: string): string {
  const ua = userAgent || '';
  if (!ua) return 'Unknown device';
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /HeadlessChrome\//.test(ua) ? 'Chrome (headless)'
    : /Chrome\/|Chromium\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : /curl\//i.test(ua) ? 'curl'
    : /lightmyrequest/i.test(ua) ? 'Test client'
    : /^(?!Mozilla\/)[A-Za-z][\w.-]*\//.test(ua) ? ua.slice(0, ua.indexOf('/')) // a program's own name (Playwright, python-requests, …)
    : 'Unknown browser';
  const system =
    /Windows/.test(ua) ? 'Windows'
    : /Android/.test(ua) ? 'Android'
    : /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : '';
  return system ? `${browser} on ${system}` : browser;
}
