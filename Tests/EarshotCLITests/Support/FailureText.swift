/// The description of the error `body` throws, or nil when it throws none.
func failureText(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}
