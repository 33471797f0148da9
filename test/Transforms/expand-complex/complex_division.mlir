// RUN: ttbw-opt --split-input-file --ttir-expand-complex %s | FileCheck %s
// Complex quotients become PyTorch's (c10::complex's) scaled division on the parts:
// |c| >= |d|: r = d / c, re = (a + b r) / (c + d r), im = (b - a r) / (c + d r); else the
// same with c, d and a, b swapped and im negated; c = d = 0: (a / |c|, b / |d|).

// CHECK-LABEL: func.func @quotient
// CHECK-SAME: (%[[A:.*]]: tensor<32x64xf32>, %[[B:.*]]: tensor<32x64xf32>, %[[C:.*]]: tensor<1x64xf32>, %[[D:.*]]: tensor<1x64xf32>)
func.func @quotient(%x: tensor<32x64xcomplex<f32>>, %y: tensor<1x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}>
  // CHECK: %[[AC:.*]] = "ttir.abs"(%[[C]]) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  // CHECK: %[[AD:.*]] = "ttir.abs"(%[[D]])
  // CHECK: %[[BIG:.*]] = "ttir.ge"(%[[AC]], %[[AD]])
  // CHECK: %[[P:.*]] = "ttir.where"(%[[BIG]], %[[C]], %[[D]])
  // CHECK: %[[Q:.*]] = "ttir.where"(%[[BIG]], %[[D]], %[[C]])
  // CHECK: %[[R:.*]] = "ttir.div"(%[[Q]], %[[P]]) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  // CHECK: %[[QR:.*]] = "ttir.multiply"(%[[Q]], %[[R]])
  // CHECK: %[[DEN:.*]] = "ttir.add"(%[[P]], %[[QR]])
  // CHECK: %[[S:.*]] = "ttir.where"(%[[BIG]], %[[A]], %[[B]]) : (tensor<1x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  // CHECK: %[[T:.*]] = "ttir.where"(%[[BIG]], %[[B]], %[[A]])
  // CHECK: %[[TR:.*]] = "ttir.multiply"(%[[T]], %[[R]])
  // CHECK: %[[NRE:.*]] = "ttir.add"(%[[S]], %[[TR]])
  // CHECK: %[[RE:.*]] = "ttir.div"(%[[NRE]], %[[DEN]])
  // CHECK: %[[SR:.*]] = "ttir.multiply"(%[[S]], %[[R]])
  // CHECK: %[[NIM:.*]] = "ttir.subtract"(%[[T]], %[[SR]])
  // CHECK: %[[W:.*]] = "ttir.div"(%[[NIM]], %[[DEN]])
  // CHECK: %[[NW:.*]] = "ttir.neg"(%[[W]])
  // CHECK: %[[IM:.*]] = "ttir.where"(%[[BIG]], %[[W]], %[[NW]])
  // CHECK: %[[CZ:.*]] = "ttir.eq"(%[[C]], %[[ZERO]])
  // CHECK: %[[DZ:.*]] = "ttir.eq"(%[[D]], %[[ZERO]])
  // CHECK: %[[Z:.*]] = "ttir.multiply"(%[[CZ]], %[[DZ]])
  // CHECK: %[[ZRE:.*]] = "ttir.div"(%[[A]], %[[AC]])
  // CHECK: %[[OUTRE:.*]] = "ttir.where"(%[[Z]], %[[ZRE]], %[[RE]])
  // CHECK: %[[ZIM:.*]] = "ttir.div"(%[[B]], %[[AD]])
  // CHECK: %[[OUTIM:.*]] = "ttir.where"(%[[Z]], %[[ZIM]], %[[IM]])
  // CHECK: return %[[OUTRE]], %[[OUTIM]] : tensor<32x64xf32>, tensor<32x64xf32>
  %0 = "ttir.div"(%x, %y) : (tensor<32x64xcomplex<f32>>, tensor<1x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}

// -----

// 1 / y as (1 + 0i) / y: re = 1 or r, im = -r or -1 (over the denominator); at y = 0,
// (1 / |c|, 0 / |d|) = inf + NaN i, as PyTorch.
// CHECK-LABEL: func.func @reciprocal
// CHECK-SAME: (%[[C:.*]]: tensor<32x64xf32>, %[[D:.*]]: tensor<32x64xf32>)
func.func @reciprocal(%y: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32
  // CHECK: %[[BIG:.*]] = "ttir.ge"
  // CHECK: %[[R:.*]] = "ttir.div"
  // CHECK: %[[DEN:.*]] = "ttir.add"
  // CHECK: %[[MINUS1:.*]] = "ttir.full"() <{fill_value = -1.000000e+00 : f32
  // CHECK: %[[ONE:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32
  // CHECK: %[[NRE:.*]] = "ttir.where"(%[[BIG]], %[[ONE]], %[[R]])
  // CHECK: %[[RE:.*]] = "ttir.div"(%[[NRE]], %[[DEN]])
  // CHECK: %[[MR:.*]] = "ttir.subtract"(%[[ZERO]], %[[R]])
  // CHECK: %[[NIM:.*]] = "ttir.where"(%[[BIG]], %[[MR]], %[[MINUS1]])
  // CHECK: %[[IM:.*]] = "ttir.div"(%[[NIM]], %[[DEN]])
  // CHECK: %[[Z:.*]] = "ttir.multiply"
  // CHECK: %[[ZRE:.*]] = "ttir.div"(%[[ONE]], %{{.*}}) : (tensor<f32>, tensor<32x64xf32>)
  // CHECK: %[[OUTRE:.*]] = "ttir.where"(%[[Z]], %[[ZRE]], %[[RE]])
  // CHECK: %[[ZIM:.*]] = "ttir.div"(%[[ZERO]], %{{.*}}) : (tensor<f32>, tensor<32x64xf32>)
  // CHECK: %[[OUTIM:.*]] = "ttir.where"(%[[Z]], %[[ZIM]], %[[IM]])
  // CHECK: return %[[OUTRE]], %[[OUTIM]]
  %0 = "ttir.reciprocal"(%y) : (tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}

// -----

// A real dividend x: (x + 0i) / y, re = x or x r, im = -x r or -x.
// CHECK-LABEL: func.func @real_dividend
// CHECK-SAME: (%[[X:.*]]: tensor<32x64xf32>, %[[C:.*]]: tensor<32x64xf32>, %[[D:.*]]: tensor<32x64xf32>)
func.func @real_dividend(%x: tensor<32x64xf32>, %y: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // CHECK: %[[ZERO:.*]] = "ttir.full"
  // CHECK: %[[BIG:.*]] = "ttir.ge"
  // CHECK: %[[R:.*]] = "ttir.div"
  // CHECK: %[[MX:.*]] = "ttir.subtract"(%[[ZERO]], %[[X]])
  // CHECK: %[[XR:.*]] = "ttir.multiply"(%[[X]], %[[R]])
  // CHECK: "ttir.where"(%[[BIG]], %[[X]], %[[XR]])
  // CHECK: %[[MXR:.*]] = "ttir.subtract"(%[[ZERO]], %[[XR]])
  // CHECK: "ttir.where"(%[[BIG]], %[[MXR]], %[[MX]])
  // CHECK: "ttir.div"(%[[ZERO]], %{{.*}})
  // CHECK: return
  %0 = "ttir.div"(%x, %y) : (tensor<32x64xf32>, tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}
