// A flat tile, a pointer to a "row" of it (flat + ty * 32) and an index
// past 32 through the pointer: in range of the flat array.
// launch: rt3_96_flat_row_pointer_offset 2 32x8
static __global__ void rt3_96_flat_row_pointer_offset(const int *in, int *out, int p) {
    __shared__ int flat[16 * 32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    flat[tid] = in[blockIdx.x * 512 + tid] & 4095;
    flat[tid + 256] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    const int *row = flat + ty * 32;
    out[blockIdx.x * 256 + tid] = row[tx + 40] + 2 * flat[(tx % 16) * 32 + ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_96_flat_row_pointer_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
