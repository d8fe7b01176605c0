// A double tile transposed (8-byte elements), block shape from a struct's
// constexpr members: legal.
// launch: rt18_double 2 32x8
// expect: rewritten
struct Cfg { static constexpr int TX = 32, TY = 8; };
__global__ void rt18_double(const int *in, int *out, int p) {
    __shared__ double tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += Cfg::TY) tile[j][tx] = (double)in[blockIdx.x * 1024 + j * 32 + tx] * 0.5;
    __syncthreads();
    double acc = 0.0;
    for (int j = ty; j < 32; j += Cfg::TY) acc += tile[tx][j];
    long long bits;
    memcpy(&bits, &acc, 8);
    out[blockIdx.x * 256 + ty * 32 + tx] = (int)(bits ^ (bits >> 32));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt18_double<<<2, dim3(Cfg::TX, Cfg::TY)>>>(in, out, 0); }
#endif
