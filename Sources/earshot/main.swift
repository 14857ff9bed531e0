#if canImport(Glibc)
import Glibc
#endif

// Entry point. Take the user's locale (so GLib prints messages in their charset) and make sure SIGTERM
// and SIGINT reach the daemon's handlers even if the parent blocked them (a blocked mask is inherited);
// then parse the command line and run it. Failures a person can cause print one line and exit 1.
setlocale(LC_ALL, "")
var quitSignals = sigset_t()
sigemptyset(&quitSignals)
sigaddset(&quitSignals, SIGTERM)
sigaddset(&quitSignals, SIGINT)
sigprocmask(SIG_UNBLOCK, &quitSignals, nil)
Earshot.mainReportingFailures()
