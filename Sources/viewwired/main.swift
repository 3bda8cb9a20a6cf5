import ViewWireApps
import ViewWireDaemon

// `viewwired`: the ViewWire daemon serving the demo apps. All of its options and its behaviour
// live in the ViewWireDaemon library, so any app author's executable is this same one line with
// its own apps.
var application = ViewWireApplication(apps: DemoApps.all, commandName: "viewwired")
application.resourceBundles.append(DemoApps.resourceBundle)
application.main()
