import CDBus

extension BusMessage {
    /// Whether the bus may start the destination's service to deliver this method call (D-Bus
    /// activation). True for a new message; false sets NO_AUTO_START, so a call to a name nobody owns
    /// fails at once with ServiceUnknown instead of starting its service.
    public var autoStart: Bool {
        get { dbus_message_get_auto_start(raw) != 0 }
        set { dbus_message_set_auto_start(raw, newValue ? 1 : 0) }
    }
}
