"""[internal-error] fz_k14 under 'pad': 'cache_k14_0' at line 20: a replayed lane indexes outside the domain the mapping was proved on"""
# Data, not a module: test_fuzz.py evaluates it with the names of tests/fuzz/kast.py.
# __global__ void fz_k14(const unsigned int *__restrict__ in, unsigned int *__restrict__ out)
# {
# #pragma rapcc block_dim(32, 8, 1)
#     __shared__ float cache_k14_0[128];
#     const int tx = threadIdx.x, ty = threadIdx.y;
#     const int tid = ty * 32 + tx;
#     unsigned int acc = 0u;
#     for (int f1 = 0; f1 < 1; ++f1) {
#         const int e2 = tid;
#         if (e2 < 128) {
#             cache_k14_0[e2] = fz_mk_float((unsigned int)((int)(in[(e2 * 7 + 11) & 4095] & 4294967295u) ^ 29198785));
#         }
#     }
#     __syncthreads();
#     acc = acc * 31u + fz_fold_float(cache_k14_0[min((int)(in[(0) & 4095] & 255u), 127)]);
# }

STRATEGY = 'pad'
FOUND = "'cache_k14_0' at line 20: a replayed lane indexes outside the domain the mapping was proved on"
KERNEL = Kernel(name='fz_k14', block=(32, 8), arrays=(ArrayDecl(name='cache_k14_0', elem='float', dims=(128,), dim_macros=(None,)),), const_macros=(), fn_macros=(), body=(For(var='f1', trips=1, body=(Let(name='e2', value=Var(name='tid')), If(cond=Bin(op='<', lhs=Var(name='e2'), rhs=Lit(value=128)), body=(Store(ref=Ref(array='cache_k14_0', subs=(Var(name='e2'),)), value=Bin(op='^', lhs=Input(index=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='e2'), rhs=Lit(value=7)), rhs=Lit(value=11)), mask=4294967295), rhs=Lit(value=29198785))),)))), Sync(), Load(ref=Ref(array='cache_k14_0', subs=(Min(a=Input(index=Lit(value=0), mask=255), b=Lit(value=127)),)), form='plain', macro='')), nout=2, pragma=True)
