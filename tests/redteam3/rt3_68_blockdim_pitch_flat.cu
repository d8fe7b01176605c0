// A flat buffer with blockDim.x as its row pitch (flat[ty * blockDim.x + tx]),
// read transposed with blockDim.y: an internal kernel launched 32x8 only.
// launch: rt3_68_blockdim_pitch_flat 2 32x8
static __global__ void rt3_68_blockdim_pitch_flat(const int *in, int *out, int p) {
    __shared__ int flat[256];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    flat[ty * blockDim.x + tx] = in[blockIdx.x * 256 + tid] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = flat[(tid % blockDim.y) * blockDim.x + tid / blockDim.y];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_68_blockdim_pitch_flat<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
