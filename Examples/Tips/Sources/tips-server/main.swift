import TipsApps
import ViewWireDaemon

ViewWireApplication(apps: TipsApps.all).main()
