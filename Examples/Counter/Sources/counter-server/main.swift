import CounterApps
import ViewWireDaemon

// The whole daemon: `counter-server --port 7420`, `--help` for every option.
ViewWireApplication(apps: CounterApps.all).main()
