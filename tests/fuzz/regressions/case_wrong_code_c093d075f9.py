"""[wrong-code] fz_k6 under 'pad': 32 of 32 outputs differ"""
# Data, not a module: test_fuzz.py evaluates it with the names of tests/fuzz/kast.py.
# #define K6_N48 48
# __global__ void fz_k6(const unsigned int *__restrict__ in, unsigned int *__restrict__ out)
# {
# #pragma rapcc block_dim(32, 1, 1)
#     __shared__ float buf_k6_0[33][K6_N48];
#     const int tx = threadIdx.x, ty = threadIdx.y;
#     const int tid = ty * 32 + tx;
#     unsigned int acc = 0u;
#     for (int f1 = 0; f1 < 2; ++f1) {
#         const int e2 = tid + f1 * 32;
#         buf_k6_0[0][e2] = fz_mk_float((unsigned int)((int)(in[(e2 * 7 + 11) & 4095] & 4294967295u) ^ 29198785));
#     }
#     __syncthreads();
#     acc = acc * 31u + fz_fold_float(buf_k6_0[1][0]);
#     out[tid * 1 + 0] = acc;
#     acc = 0u;
# }

STRATEGY = 'pad'
FOUND = '32 of 32 outputs differ'
KERNEL = Kernel(name='fz_k6', block=(32, 1), arrays=(ArrayDecl(name='buf_k6_0', elem='float', dims=(33, 48), dim_macros=(None, 'K6_N48')),), const_macros=(ConstMacro(name='K6_N48', value=48),), fn_macros=(), body=(For(var='f1', trips=2, body=(Let(name='e2', value=Bin(op='+', lhs=Var(name='tid'), rhs=Bin(op='*', lhs=Var(name='f1'), rhs=Lit(value=32)))), Store(ref=Ref(array='buf_k6_0', subs=(Lit(value=0), Var(name='e2'))), value=Bin(op='^', lhs=Input(index=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='e2'), rhs=Lit(value=7)), rhs=Lit(value=11)), mask=4294967295), rhs=Lit(value=29198785))))), Sync(), Load(ref=Ref(array='buf_k6_0', subs=(Lit(value=1), Lit(value=0))), form='plain', macro=''), Emit(slot=0)), nout=1, pragma=True)
