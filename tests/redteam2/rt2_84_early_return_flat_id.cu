// An early return on the flat id (tid >= 256) narrows nothing about tx on
// a 64x4 block: tile[ty][tx] runs past the row for tx >= 32.
// launch: rt2_84_early_return_flat_id 2 64x4
__global__ void rt2_84_early_return_flat_id(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    if (tid >= 256) return;
    tile[tid / 32][tid % 32] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[ty][tx] + tile[tx % 8][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_84_early_return_flat_id<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
