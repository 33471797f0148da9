module {
  func.func @f() {
    %0 = "ttir.mœul"() : () -> ()
    return
  }
}
