// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "Tips",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "ViewWire", path: "../..")
  ],
  targets: [
    .target(
      name: "TipsApps",
      dependencies: [.product(name: "ViewWireKit", package: "ViewWire")]),
    .executableTarget(
      name: "tips-server",
      dependencies: ["TipsApps", .product(name: "ViewWireDaemon", package: "ViewWire")]),
    .testTarget(
      name: "TipsAppsTests",
      dependencies: [
        "TipsApps", .product(name: "ViewWireTesting", package: "ViewWire"),
        // ViewWireSession and Mirror, named by the test's helpers.
        .product(name: "ViewWireClient", package: "ViewWire"),
      ],
      resources: [.copy("Transcripts")]),
  ]
)
