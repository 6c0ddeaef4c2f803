extension Int {
    /// The quotient rounded down, not toward zero: a moment or a day before 1970 falls in the day or
    /// the round it is in, as later ones do.
    package func dividedRoundingDown(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor != 0 && (self < 0) != (divisor < 0) ? quotient - 1 : quotient
    }
}
