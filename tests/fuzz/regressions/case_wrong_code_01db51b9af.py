"""[wrong-code] fz_k0 under 'pad': 256 of 256 outputs differ"""
# Data, not a module: test_fuzz.py evaluates it with the names of tests/fuzz/kast.py.
# __global__ void fz_k0(const unsigned int *__restrict__ in, unsigned int *__restrict__ out)
# {
# #pragma rapcc block_dim(16, 16, 1)
#     __shared__ float2 buf_k0_0[8][33];
#     const int tx = threadIdx.x, ty = threadIdx.y;
#     const int tid = ty * 16 + tx;
#     unsigned int acc = 0u;
#     for (int f1 = 0; f1 < 1; ++f1) {
#         const int e2 = tid;
#         buf_k0_0[0][e2] = fz_mk_float2((unsigned int)((int)(in[(e2 * 7 + 11) & 4095] & 4294967295u) ^ 29198785));
#     }
#     __syncthreads();
#     acc = acc * 31u + fz_fold_float2(buf_k0_0[1][0]);
#     out[tid * 1 + 0] = acc;
#     acc = 0u;
# }

STRATEGY = 'pad'
FOUND = '256 of 256 outputs differ'
KERNEL = Kernel(name='fz_k0', block=(16, 16), arrays=(ArrayDecl(name='buf_k0_0', elem='float2', dims=(8, 33), dim_macros=(None, None)),), const_macros=(), fn_macros=(), body=(For(var='f1', trips=1, body=(Let(name='e2', value=Var(name='tid')), Store(ref=Ref(array='buf_k0_0', subs=(Lit(value=0), Var(name='e2'))), value=Bin(op='^', lhs=Input(index=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='e2'), rhs=Lit(value=7)), rhs=Lit(value=11)), mask=4294967295), rhs=Lit(value=29198785))))), Sync(), Load(ref=Ref(array='buf_k0_0', subs=(Lit(value=1), Lit(value=0))), form='plain', macro=''), Emit(slot=0)), nout=1, pragma=True)
