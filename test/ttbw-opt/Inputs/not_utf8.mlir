module {
  func.func @f() {ÿ
    return
  }
}
