import ViewWireApps
import ViewWireDaemon

// `viewwired`: the ViewWire daemon serving the demo apps. All of its options and its behaviour
// live in the ViewWireDaemon library, so any app author's executable is this same one line with
// its own apps.
ViewWireApplication(apps: DemoApps.all, commandName: "viewwired").main()
