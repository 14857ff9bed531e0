#if canImport(Glibc)
import Glibc
#endif
import EarshotLocale

// Entry point. Take the user's locale and bind Earshot's message catalogue (EarshotLocale.Messages: the
// listener's language, and GLib's messages in their charset), make sure SIGTERM
// and SIGINT reach the daemon's handlers even if the parent blocked them (a blocked mask is inherited);
// then parse the command line and run it. Failures a person can cause print one line and exit 1.
Messages.start()
var quitSignals = sigset_t()
sigemptyset(&quitSignals)
sigaddset(&quitSignals, SIGTERM)
sigaddset(&quitSignals, SIGINT)
sigprocmask(SIG_UNBLOCK, &quitSignals, nil)
Earshot.mainReportingFailures()
