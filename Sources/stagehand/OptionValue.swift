import ArgumentParser

/// A kind of value the command line holds (a size, a duration, a timing...), read from the text of one argument.
protocol CommandLineValue: Sendable {
  /// The value `text` writes; throws when it writes none, with the reason when the reader has one.
  init(commandLine text: String) throws(InvalidText)
}

/// Why a text writes no value of its kind: the reason the value's reader gives, if any (the option's own message
/// says the rest).
struct InvalidText: Error, Hashable, Sendable {
  /// The reader's reason, or nil when the option's message says it all.
  var reason: String?
}

/// The value of one option or argument, read once, when the argument parser meets it: the value, or the text that
/// writes none and why.
///
/// The argument parser never refuses the text itself (its message would be "The value '...' is invalid for ..."):
/// each command's `validate()` asks for the value with the message its option gives a bad one, which names the
/// option, the text and what is valid. The commands read the value with the same call, so the text is parsed once
/// and no value is unwrapped by force.
///
/// The type itself asks nothing of `Value` (its conformances do): the argument parser's reflection builds the type
/// of each option from its mangled name, and a requirement there cost the runtime a walk of every conformance record
/// of the executable for each kind of value.
enum OptionValue<Value: Sendable>: Sendable {
  /// A text that writes `value`.
  case valid(Value, text: String)
  /// A text that writes no value, and the reader's reason.
  case invalid(text: String, reason: String?)
}

extension OptionValue: ExpressibleByArgument, ExpressibleByUnicodeScalarLiteral,
  ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral
where Value: CommandLineValue {

  /// Reads `argument`; never fails, so that `validate()` gives the message.
  init(argument: String) {
    do throws(InvalidText) {
      self = .valid(try Value(commandLine: argument), text: argument)
    } catch {
      self = .invalid(text: argument, reason: error.reason)
    }
  }

  /// A default value, written as the user would write it.
  init(stringLiteral text: String) {
    self.init(argument: text)
  }

  /// The text as given.
  var text: String {
    switch self {
    case .valid(_, let text), .invalid(let text, _): text
    }
  }

  /// The default as the help shows it: the text.
  var defaultValueDescription: String { text }

  /// The value; for a text that writes none, a usage error with the message `refusal` makes of the text and the
  /// reader's reason.
  func value(orRefuse refusal: (_ text: String, _ reason: String?) -> String) throws(ValidationError) -> Value {
    switch self {
    case .valid(let value, _): return value
    case .invalid(let text, let reason): throw ValidationError(refusal(text, reason))
    }
  }
}
