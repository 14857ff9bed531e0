#if canImport(Glibc)
import Glibc
#endif

// Entry point. Take the user's locale (so GLib prints messages in their charset), then parse the
// command line and run it; failures a person can cause print one line and exit 1.
setlocale(LC_ALL, "")
Earshot.mainReportingFailures()
