import ViewWireProtocol

/// What an app set of a view's accessibility, each nil (or false) while it keeps UIKit's
/// default. A view holds none of it until the app sets something, so views that keep their
/// defaults (nearly all) pay one nil field.
package struct AccessibilityOverrides: Equatable {
  var isElement: Bool?
  var label: String?
  var value: String?
  var hint: String?
  var traits: AccessibilityTraits?
  var elementsHidden = false
  var viewIsModal = false

  /// Sets the label; returns whether it changed.
  mutating func replaceLabel(with newLabel: String?) -> Bool {
    guard label != newLabel else { return false }
    label = newLabel
    return true
  }

  /// Sets the value; returns whether it changed.
  mutating func replaceValue(with newValue: String?) -> Bool {
    guard value != newValue else { return false }
    value = newValue
    return true
  }
}

extension View {
  // MARK: UIKit's accessibility API (PROTOCOL.md section 6, "Accessibility")

  /// Whether assistive technology sees this view as one element (UIKit's
  /// `isAccessibilityElement`): true by default for labels and controls, false for plain views
  /// and image views. An element stands for its whole subtree.
  public var isAccessibilityElement: Bool {
    get { accessibilityOverrides?.isElement ?? kitAccessibilityDefaults.isElement }
    set { editAccessibility { $0.isElement = newValue } }
  }

  /// A short word or phrase that names the element ("Login", not "Login button"); by default a
  /// label's or button's text and a text field's placeholder. Setting nil restores the default.
  public var accessibilityLabel: String? {
    get { accessibilityLabelOverride ?? kitAccessibilityDefaults.label }
    set {
      // The gallery names the image it shows on every toggle: only this key can change.
      if accessibilityKeysRefreshed, sendsAccessibilityKeys,
        let changed = replaceAccessibilityLabelOverride(with: newValue)
      {
        if changed { refreshAccessibilityLabelKey(set: newValue) }
        return
      }
      editAccessibility { $0.label = newValue }
    }
  }

  /// What the element holds when its label does not say it (a slider's "50%", a switch's "1"
  /// or "0", a text field's text, a secure field's mask). Setting nil restores the default.
  public var accessibilityValue: String? {
    get { accessibilityValueOverride ?? kitAccessibilityDefaults.value }
    set {
      // The square says where it is on every move of a drag, four times in five what it said:
      // compared where it is stored, and only this key worked out when it changed.
      if accessibilityKeysRefreshed, sendsAccessibilityKeys,
        let changed = replaceAccessibilityValueOverride(with: newValue)
      {
        if changed { refreshAccessibilityValueKey() }
        return
      }
      editAccessibility { $0.value = newValue }
    }
  }

  /// What activating the element does, when its label does not make that plain ("Opens the
  /// details"); none by default.
  public var accessibilityHint: String? {
    get { accessibilityOverrides?.hint }
    set { editAccessibility { $0.hint = newValue } }
  }

  /// How the element behaves: `.button`, `.header`, `.staticText`... By default the class's
  /// traits, with `.notEnabled` while a control is disabled and `.selected` while it is
  /// selected. Setting a value replaces them all, as in UIKit.
  public var accessibilityTraits: AccessibilityTraits {
    get { accessibilityOverrides?.traits ?? kitAccessibilityTraits }
    set { editAccessibility { $0.traits = newValue } }
  }

  /// Whether this view and everything under it are hidden from assistive technology (UIKit's
  /// `accessibilityElementsHidden`): for decoration, or a screen covered by another.
  public var accessibilityElementsHidden: Bool {
    get { accessibilityOverrides?.elementsHidden ?? false }
    set { editAccessibility { $0.elementsHidden = newValue } }
  }

  /// Whether assistive technology ignores this view's siblings (and everything under them)
  /// while it is shown (UIKit's `accessibilityViewIsModal`): an alert over a screen. The kit's
  /// alerts set it.
  public var accessibilityViewIsModal: Bool {
    get { accessibilityOverrides?.viewIsModal ?? false }
    set { editAccessibility { $0.viewIsModal = newValue } }
  }

  // MARK: What goes on the wire

  /// UIKit's defaults for this view: the table's row for the kit class it is an instance of,
  /// whatever its own class is called.
  var kitAccessibilityDefaults: AccessibilityDefaults {
    AccessibilityDefaults(self, className: accessibilityKitClass)
  }

  /// The default traits, with what only the server knows (a selected control).
  var kitAccessibilityTraits: AccessibilityTraits {
    var traits = kitAccessibilityDefaults.traits
    if let control = self as? Control, control.isSelected { traits.insert(.selected) }
    return traits
  }

  /// The kit class whose row of the defaults table this view follows ("View" when none).
  package var accessibilityKitClass: String { accessibilityKitType.name }

  /// The kit class whose row of the defaults table this view follows, with its type.
  private var accessibilityKitType: (name: String, type: View.Type) {
    switch self {
    case is Label: ("Label", Label.self)
    case is Button: ("Button", Button.self)
    case is TextField: ("TextField", TextField.self)
    case is TextView: ("TextView", TextView.self)
    case is Switch: ("Switch", Switch.self)
    case is Slider: ("Slider", Slider.self)
    case is Stepper: ("Stepper", Stepper.self)
    case is SegmentedControl: ("SegmentedControl", SegmentedControl.self)
    case is ProgressView: ("ProgressView", ProgressView.self)
    case is ImageView: ("ImageView", ImageView.self)
    default: ("View", View.self)
    }
  }

  private func editAccessibility(_ edit: (inout AccessibilityOverrides) -> Void) {
    let old = accessibilityOverrides
    var overrides = old ?? AccessibilityOverrides()
    edit(&overrides)
    // Set to what it was (an app that says where a dragged square is on every move): the keys
    // already follow it, since they are refreshed whenever what they depend on changes.
    if accessibilityKeysRefreshed, overrides == old { return }
    accessibilityOverrides = overrides
    // Only the label, or only the value, changed on a view whose keys follow everything else
    // already (the gallery names the image it shows on every toggle; the square says where it
    // is as it is dragged): only that key can change, so only it is worked out, not seven keys.
    if accessibilityKeysRefreshed, sendsAccessibilityKeys, let old {
      var others = old
      others.label = overrides.label
      if others == overrides {
        refreshAccessibilityLabelKey(set: overrides.label)
        return
      }
      others = old
      others.value = overrides.value
      if others == overrides {
        refreshAccessibilityValueKey()
        return
      }
    }
    sendsAccessibilityKeys = true
    refreshAccessibilityKeys()
  }

  /// Sets `a11y-label` as `refreshAccessibilityKeys` does, for when nothing else it reads changed;
  /// `set` is the label the app set (nil for none), which the caller has at hand.
  private func refreshAccessibilityLabelKey(set: String?) {
    let wireName = wireClassName
    let client = AccessibilityDefaults.label(className: wireName) { renderProperties[$0] }
    let label: String?
    if let set {
      label = set
    } else {
      let kitName = accessibilityKitClass
      label =
        kitName == wireName
        ? client : AccessibilityDefaults.label(className: kitName) { renderProperties[$0] }
    }
    setRenderProperty(.a11yLabel, label == client ? nil : .string(label ?? ""))
  }

  /// Sets `a11y-value` as `refreshAccessibilityKeys` does, for when nothing else it reads changed.
  private func refreshAccessibilityValueKey() {
    let wireName = wireClassName
    let client = AccessibilityDefaults.value(className: wireName) { renderProperties[$0] }
    let value: String?
    if let set = accessibilityValueOverride {
      value = set
    } else {
      let kitName = accessibilityKitClass
      value =
        kitName == wireName
        ? client : AccessibilityDefaults.value(className: kitName) { renderProperties[$0] }
    }
    setRenderProperty(.a11yValue, value == client ? nil : .string(value ?? ""))
  }

  /// Called once as the view is made: an app's subclass of a kit control is sent under its own
  /// class name, which a client exposes as a plain view, so such a view sends what differs.
  func noteAccessibilityClass() {
    // Types are compared first: the wire's class name is a string made from the type, too
    // costly to make for every label a table creates.
    let type = ObjectIdentifier(Swift.type(of: self))
    guard type != ObjectIdentifier(View.self) else { return }
    let kit = accessibilityKitType
    guard kit.name != "View", type != ObjectIdentifier(kit.type) else { return }
    if wireClassName != kit.name { sendsAccessibilityKeys = true }
  }

  /// Sets the `a11y...` render keys to what differs between UIKit's values for this view and
  /// the defaults a client computes from its wire class and other keys (PROTOCOL.md section 6):
  /// each key is sent only while it differs, and removed when it no longer does.
  ///
  /// Runs only for views that have something to send (`sendsAccessibilityKeys`), after any of
  /// their other render keys changed, since the defaults follow those keys.
  ///
  /// UIKit's defaults are worked out once here, not once per property read (the public getters
  /// each worked them out again, four times a refresh), and only when the kit class differs from
  /// the wire's: the `a11y...` keys set below are not among those the defaults read.
  func refreshAccessibilityKeys() {
    accessibilityKeysRefreshed = true
    let wireName = wireClassName
    let client = AccessibilityDefaults(self, className: wireName)
    let kitName = accessibilityKitClass
    let kit = kitName == wireName ? client : AccessibilityDefaults(self, className: kitName)
    let overrides = accessibilityOverrides
    let element = overrides?.isElement ?? kit.isElement
    setRenderProperty(.a11y, element == client.isElement ? nil : .bool(element))
    let label = overrides?.label ?? kit.label
    setRenderProperty(.a11yLabel, label == client.label ? nil : .string(label ?? ""))
    let value = overrides?.value ?? kit.value
    setRenderProperty(.a11yValue, value == client.value ? nil : .string(value ?? ""))
    setRenderProperty(.a11yHint, overrides?.hint.map { .string($0) })
    // As `accessibilityTraits` reads them.
    var traits: AccessibilityTraits
    if let set = overrides?.traits {
      traits = set
    } else {
      traits = kit.traits
      if let control = self as? Control, control.isSelected { traits.insert(.selected) }
    }
    setRenderProperty(.a11yTraits, traits == client.traits ? nil : .string(traits.wireText))
    setRenderProperty(.a11yHidden, overrides?.elementsHidden == true ? .bool(true) : nil)
    setRenderProperty(.a11yModal, overrides?.viewIsModal == true ? .bool(true) : nil)
  }
}
