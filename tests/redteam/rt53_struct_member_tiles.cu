// A shared struct of two member tiles (keys and values), read transposed,
// in range.
// launch: rt53_members 2 32x8
__global__ void rt53_members(const int *in, int *out, int p) {
    __shared__ struct { int keys[8][32]; int vals[8][32]; } s;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    s.keys[ty][tx] = in[blockIdx.x * 256 + tid] & 255;
    s.vals[ty][tx] = in[blockIdx.x * 256 + tid] >> 8;
    __syncthreads();
    int acc = s.keys[tx % 8][ty * 4] + s.vals[tx % 8][(ty * 4 + 1) % 32];
    acc += (&s.keys[0][0])[tid + 256];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt53_members<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
