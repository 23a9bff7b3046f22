// Loaded first on every test page: records CSP violations and uncaught errors where the test can read them.
window.__cspViolations = []
window.__errors = []
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push({
    directive: e.violatedDirective,
    effectiveDirective: e.effectiveDirective,
    blockedURI: e.blockedURI,
    sourceFile: e.sourceFile,
    lineNumber: e.lineNumber,
    sample: e.sample,
  })
})
window.addEventListener('error', (e) => { window.__errors.push(String(e.message)) })
window.addEventListener('unhandledrejection', (e) => { window.__errors.push('unhandledrejection: ' + String(e.reason)) })
