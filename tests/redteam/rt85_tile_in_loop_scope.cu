// The __shared__ tile declared inside a loop body and a nested block (one
// object per block all the same), in a plain C-style kernel
// (extern "C" is left out: the oracle holds several copies in namespaces): legal.
// launch: rt85_k 2 32x8
// expect: rewritten
__global__ void rt85_k(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    int acc = 0;
    for (int pass = 0; pass < 2; ++pass) {
        __shared__ float tile[32][32];
        for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)((in[blockIdx.x * 1024 + j * 32 + tx] >> pass) & 255);
        __syncthreads();
        {
            float s = 0.f;
            for (int j = ty; j < 32; j += 8) s += tile[tx][j];
            acc += (int)s;
        }
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt85_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
