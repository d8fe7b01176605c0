// A kernel template explicitly instantiated for W = 32 (never launched) and
// launched from a host template for W = 64 with dim3(W, 256 / W): the
// launched instance's the read tile[ty][tx] runs past the 32-wide rows.
// launch: rt5_48_inst<64> 2 64x4
template <int W>
__global__ void rt5_48_inst(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * W + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8] * 7 + tile[ty][tx];
}
template __global__ void rt5_48_inst<32>(const int *, int *, int);
#ifdef __CUDACC__
template <int W>
void run(const int *in, int *out) { rt5_48_inst<W><<<2, dim3(W, 256 / W)>>>(in, out, 0); }
void launch(const int *in, int *out) { run<64>(in, out); }
#endif
