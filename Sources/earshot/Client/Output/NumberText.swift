import EarshotLocale
import Foundation

/// Numbers the command line shows in running text: rates and figures with the locale's decimal sign and
/// grouping, plain digits in the C locale.
enum NumberText {
    /// A rate as short as it can be: "2", "1.5", "1.25" ("1,5" in German), with as many decimals as C's
    /// `%g` gives it.
    static func short(_ value: Double) -> String {
        let plain = String(format: "%g", value)
        guard !plain.contains("e") else { return plain }
        let decimals = plain.split(separator: ".").dropFirst().first?.count ?? 0
        return LocaleFormat.current.decimal(value, fractionDigits: decimals)
    }
}
