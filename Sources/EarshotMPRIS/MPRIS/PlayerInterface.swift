import EarshotLocale

/// `org.mpris.MediaPlayer2.Player`: the player's state as properties, and the playback commands with
/// the spec's rules applied before they reach `PlayerControl`.
///
/// - SetPosition with a stale track id, NoTrack, a negative position or one past the length: ignored.
/// - Seek is relative to `position`, clamps at 0, and past the end acts like Next.
/// - Rate 0 acts like Pause; other rates are clamped to [MinimumRate, MaximumRate]; Volume below 0 is 0;
///   NaN or infinite values are refused with InvalidArgs.
/// - Next, Previous, Play, Pause, Seek, SetPosition have no effect when their capability is false;
///   PlayPause without an episode is refused (`org.earshot.Error.NoEpisode`), as the spec asks.
/// - CanControl is constant true; CanPlay/CanPause follow the presence of an episode, not the play state.
final class PlayerInterface: BusInterface {
    let name = MPRISAdapter.playerInterface
    private let control: any PlayerControl

    init(control: any PlayerControl) { self.control = control }

    // MARK: Properties

    func value(of property: String) -> DBusValue? {
        // Asked every second by seek bars: answered without the metadata, the art and the queue's buttons.
        if property == "Position" { return .int64(control.hasEpisode ? max(0, control.position) : 0) }
        return value(of: property, in: control.state)
    }

    /// All the requested properties from one snapshot of the player's state.
    func values(of properties: [String]) -> [String: DBusValue] {
        let state = control.state
        var values: [String: DBusValue] = [:]
        for property in properties { values[property] = value(of: property, in: state) }
        return values
    }

    private func value(of property: String, in state: PlayerState) -> DBusValue? {
        let hasEpisode = state.episode != nil
        switch property {
        case "PlaybackStatus": return .string(state.playbackStatus.rawValue)
        case "Rate": return .double(state.rate.isFinite && state.rate > 0 ? state.rate : 1.0)
        case "Metadata": return state.episode?.dbusValue ?? .emptyVardict
        case "Volume": return .double(state.volume.isFinite ? max(0, state.volume) : 0)
        case "Position": return .int64(hasEpisode ? max(0, control.position) : 0)
        case "MinimumRate": return .double(Self.rateBounds(state).lowerBound)
        case "MaximumRate": return .double(Self.rateBounds(state).upperBound)
        case "CanGoNext": return .boolean(state.canGoNext)
        case "CanGoPrevious": return .boolean(state.canGoPrevious)
        case "CanPlay", "CanPause": return .boolean(hasEpisode)
        case "CanSeek": return .boolean(hasEpisode && state.canSeek)
        case "CanControl": return .boolean(true)
        default: return nil
        }
    }

    func setValue(_ value: DBusValue, of property: String) throws(BusError) {
        let state = control.state
        switch property {
        case "Rate":
            let rate = try Self.finite(value, property)
            if rate == 0 {
                if state.episode != nil { try forward { () throws(PlayerError) in try control.pause() } }
            } else {
                let bounds = Self.rateBounds(state)
                let clamped = min(max(rate, bounds.lowerBound), bounds.upperBound)
                try forward { () throws(PlayerError) in try control.setRate(clamped) }
            }
        case "Volume":
            let volume = max(0, try Self.finite(value, property))
            try forward { () throws(PlayerError) in try control.setVolume(volume) }
        default:
            throw .propertyReadOnly("\(name).\(property) is read-only")
        }
    }

    /// MinimumRate ≤ 1 ≤ MaximumRate, as the spec requires, whatever the engine reports.
    static func rateBounds(_ state: PlayerState) -> ClosedRange<Double> {
        let low = state.minimumRate.isFinite && state.minimumRate > 0 ? min(state.minimumRate, 1.0) : 1.0
        let high = state.maximumRate.isFinite ? max(state.maximumRate, 1.0) : 1.0
        return low...high
    }

    private static func finite(_ value: DBusValue, _ property: String) throws(BusError) -> Double {
        guard let number = value.doubleValue, number.isFinite else {
            throw .invalidArgs("\(property) must be a finite number")
        }
        return number
    }

    // MARK: Methods

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        let state = control.state
        let episode = state.episode
        switch method {
        case "Next":
            if state.canGoNext { try forward { () throws(PlayerError) in try control.next() } }
        case "Previous":
            if state.canGoPrevious { try forward { () throws(PlayerError) in try control.previous() } }
        case "Pause":
            if episode != nil { try forward { () throws(PlayerError) in try control.pause() } }
        case "Play":
            if episode != nil { try forward { () throws(PlayerError) in try control.play() } }
        case "PlayPause":
            guard episode != nil else { throw PlayerError.noEpisode(tr("there is no current episode")).busError }
            try forward { () throws(PlayerError) in try control.playPause() }
        case "Stop":
            try forward { () throws(PlayerError) in try control.stop() }
        case "Seek":
            try seek(by: arguments[0].int64Value ?? 0, state)
        case "SetPosition":
            try setPosition(arguments[0].objectPathValue ?? "", arguments[1].int64Value ?? -1, state)
        case "OpenUri":
            try openURI(arguments[0].stringValue ?? "")
        default:
            throw .unknownMethod("\(name) has no method \(method)")
        }
        return .empty
    }

    private func seek(by offset: Int64, _ state: PlayerState) throws(BusError) {
        guard let episode = state.episode, state.canSeek else { return }
        let (sum, overflow) = max(0, control.position).addingReportingOverflow(offset)
        let target = overflow ? (offset > 0 ? Int64.max : 0) : max(0, sum)
        if let length = episode.knownLength, target > length {
            try forward { () throws(PlayerError) in try control.next() }
        } else {
            try forward { () throws(PlayerError) in try control.setPosition(target, trackID: episode.trackID) }
        }
    }

    private func setPosition(_ trackID: String, _ position: Int64, _ state: PlayerState) throws(BusError) {
        guard let episode = state.episode, state.canSeek,
              trackID == episode.trackID.path, trackID != TrackID.noTrack.path,
              position >= 0, position <= episode.knownLength ?? Int64.max
        else { return }  // the spec: ignored
        try forward { () throws(PlayerError) in try control.setPosition(position, trackID: episode.trackID) }
    }

    private func openURI(_ uri: String) throws(BusError) {
        guard let scheme = Self.scheme(of: uri), MediaPlayer2Interface.supportedURISchemes.contains(scheme) else {
            // TRANSLATORS: %1$s is an address, %2$s lists URL schemes (http, https, file).
            throw PlayerError.unsupportedURIScheme(tr("cannot open '%1$s': supported schemes are %2$s", uri,
                                                      MediaPlayer2Interface.supportedURISchemes.joined(separator: ", "))).busError
        }
        try forward { () throws(PlayerError) in try control.openURI(uri) }
    }

    /// The lower-cased scheme of `uri` (RFC 3986: a letter, then letters, digits, "+", "-", "."), or nil.
    static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
              scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Runs a command, turning its `PlayerError` into the named D-Bus error.
    private func forward(_ command: () throws(PlayerError) -> Void) throws(BusError) {
        do throws(PlayerError) {
            try command()
        } catch {
            throw error.busError
        }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
